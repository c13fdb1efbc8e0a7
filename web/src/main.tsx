import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import './app/app.css';
import { setNavigator } from './lib/navigation';

const router = createAppRouter();
setNavigator((to) => void router.navigate(to, { replace: true }));

// After a new release the old screen chunks are gone: load the page again, once, to get the new ones.
window.addEventListener('vite:preloadError', (event) => {
  const reloadedAt = Number(sessionStorage.getItem('townboard.chunkReload') ?? 0);
  if (Date.now() - reloadedAt > 10_000) {
    event.preventDefault();
    sessionStorage.setItem('townboard.chunkReload', String(Date.now()));
    window.location.reload();
  }
});

const container = document.getElementById('app');
if (!container) throw new Error('#app is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
