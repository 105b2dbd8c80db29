import { QueryClient } from '@tanstack/react-query'

/** List data stays fresh for 5 minutes and is not refetched when the window regains focus (spec). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60 * 1000,
      refetchOnWindowFocus: false,
      retry: 1,
    },
  },
})
