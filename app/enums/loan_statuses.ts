/**
 * A calibrator loan's statuses, overall and per lab (the rules: app/workflows/loan_workflow.ts):
 * Pending until every lab whose calibrators it holds has confirmed, Rejected as soon as one rejects.
 */
export const LOAN_STATUSES = ['Pending', 'Confirmed', 'Rejected'] as const
export type LoanStatus = (typeof LOAN_STATUSES)[number]
