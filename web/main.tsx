import './mantine-styles.ts';
// After Mantine's, so its rules (the focus ring) win at equal specificity.
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './http/client.ts';
import { bootstrapSession } from './api/session.ts';
import { createAppRouter } from './routes.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

// Start restoring the session at once; the splash stays until it settles (AMB-52).
void bootstrapSession();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element.');

createRoot(container).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createAppRouter()} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
