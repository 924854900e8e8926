/** Browser entry of the admin SPA (served for /admin and /admin/*). */
import '../styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminRoot } from './AdminRoot';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminRoot />
  </StrictMode>,
);
