import './theme/font.css';
import './theme/bootstrap.scss';
import './styles.css';
// The map's box is on the first screen of several pages: its size is known before Leaflet loads.
import './components/map/map.css';
// Cards and the home page's results: imported here, not by their components, which the server
// also draws (web/ssr), where a CSS import cannot run.
import './components/cards/cards.css';
import './features/home/home.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ToastProvider } from './components/toasts';
import { router } from './router';
import { takeFirstAnswers } from './serverFrame';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1 },
  },
});

takeFirstAnswers(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition: React renders the first screen in slices of a few milliseconds, yielding to the
// browser between them, instead of one long task that blocks input (Lighthouse's TBT). The
// page's frame from the server stays on screen meanwhile.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
