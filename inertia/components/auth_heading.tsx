import { LABELS } from '~/lib/labels'

/** The top of a signed-out page: the app's name, the page's heading and a line under it. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="mb-6 text-center">
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase dark:text-brand-100">
        {LABELS.appName}
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
      {subtitle && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>}
    </div>
  )
}
