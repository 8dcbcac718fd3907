import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ToastProvider } from '@/components/ui/toast';

/** Renders inside the app's providers (React Query as the app sets it, without retries; toasts). */
export function renderWithProviders(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } } });
  return { client, ...render(<QueryClientProvider client={client}><ToastProvider>{ui}</ToastProvider></QueryClientProvider>) };
}

/** A serialized editor state with one paragraph of text. */
export function editorJson(text: string) {
  return JSON.stringify({
    root: { type: 'root', version: 1, children: [{ type: 'paragraph', version: 1, children: text ? [{ type: 'text', version: 1, text, format: 0 }] : [] }] },
  });
}
