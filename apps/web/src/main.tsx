import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './app/i18n';
import { Providers } from './app/providers';
import { queryClient } from './app/query-client';
import { meQuery } from './app/session';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
// Who is signed in is asked while the language's texts come: the router's first question.
void queryClient.prefetchQuery(meQuery);
// Drawn once the language's texts are here: the first paint is in the visitor's language.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers />
    </StrictMode>,
  ),
);
