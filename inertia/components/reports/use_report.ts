import { useQuery } from '@tanstack/react-query'

/** The filters a report page sends (spec part 2 section 7). */
export type ReportParams = Record<string, string>

/**
 * One report call, `GET /api/report/{path}?…`, fresh for 5 minutes (the shared query client).
 * A refused filter (422) carries the server's message; any other failure the card's own.
 */
export function useReport<T>(path: string, params: ReportParams) {
  const query = new URLSearchParams(params).toString()
  return useQuery({
    queryKey: ['report', path, query],
    queryFn: async ({ signal }) => {
      const response = await fetch(`/api/report/${path}?${query}`, {
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
        signal,
      })
      const body = await response.json().catch(() => null)
      if (!response.ok) {
        throw new ReportError(response.status === 422 ? (body?.message ?? null) : null)
      }
      return body.data as T
    },
    retry: (count, error) => !(error instanceof ReportError && error.refusal) && count < 1,
  })
}

export class ReportError extends Error {
  constructor(public refusal: string | null) {
    super(refusal ?? 'report failed')
  }
}
