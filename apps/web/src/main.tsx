import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './app/i18n';
import { Providers } from './app/providers';
import { queryClient } from './app/query-client';
import { remoteConfigQuery } from './app/remote-config';
import { meQuery } from './app/session';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
// The first questions of every page (who is signed in, the remote settings) are asked while the
// language's texts come, rather than once the page is drawn.
void queryClient.prefetchQuery(meQuery);
void queryClient.prefetchQuery(remoteConfigQuery);
// Drawn once the language's texts are here: the first paint is in the visitor's language.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers />
    </StrictMode>,
  ),
);
