import './shims';
import { renderToString } from 'react-dom/server.browser';
import type { RenderInput } from '../api/types';
import { PublicApp } from '../public/App';
import { renderHead } from './head';

export type RenderOutput = {
  /** HTML for <head>: title, description, canonical link. */
  head: string;
  /** HTML for inside <div id="root">. */
  body: string;
};

export function render(input: RenderInput): RenderOutput {
  return {
    head: renderHead(input),
    body: renderToString(<PublicApp input={input} />),
  };
}
