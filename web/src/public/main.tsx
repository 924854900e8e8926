/**
 * Browser entry of the public pages: hydrates the server-rendered markup in
 * #root from the `RenderInput` the server embedded as JSON in #vita-data.
 * Keep this entry small: no router, no admin code.
 */
import '../styles.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { RenderInput } from '../api/types';
import { PublicApp } from './App';

const data = document.getElementById('vita-data');
const root = document.getElementById('root');

if (data?.textContent && root) {
  const input = JSON.parse(data.textContent) as RenderInput;
  hydrateRoot(
    root,
    <StrictMode>
      <PublicApp input={input} />
    </StrictMode>,
  );
}
