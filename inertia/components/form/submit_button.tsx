import { Check } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { LABELS } from '~/lib/labels'

/** Shows the processing state, then 'Tersimpan' for the 2 s Inertia keeps `recentlySuccessful`. */
export function SubmitButton({
  processing,
  recentlySuccessful,
  label = LABELS.save,
}: {
  processing: boolean
  recentlySuccessful: boolean
  label?: string
}) {
  return (
    <div className="flex items-center gap-3">
      <Button type="submit" disabled={processing}>
        {processing ? LABELS.saving : label}
      </Button>
      {recentlySuccessful && (
        <span className="inline-flex items-center gap-1 text-sm text-emerald-600">
          <Check className="size-4" /> {LABELS.saved}
        </span>
      )}
    </div>
  )
}
