import type { ComponentProps, ReactNode } from 'react'
import { FormPage } from '~/components/form/form_page'

/** What an order's action form receives from the server besides its own data. */
export type OrderFormLinks = {
  order: { number: string }
  backHref: string
  submitHref: string
}

export type OrderForm = ComponentProps<typeof FormPage>['form'] & {
  put: (url: string) => void
  post: (url: string) => void
}

/**
 * The frame of an action on one order (receive, pick officers, hand over, feedback, a
 * worksheet): the order's number under the title, back to the order, sent to the
 * server's `submitHref` with PUT, or POST when `post` is set.
 */
export function OrderFormPage({
  title,
  page,
  form,
  post,
  onSubmit,
  readOnly,
  children,
}: {
  title: string
  /** A page shown for reading only has no `submitHref`. */
  page: Omit<OrderFormLinks, 'submitHref'> & { submitHref: string | null }
  form: OrderForm
  post?: boolean
  /** When the page sends more than the form's data as it stands (a transform, a payload). */
  onSubmit?: () => void
  readOnly?: boolean
  children: ReactNode
}) {
  const send = (url: string) => (post ? form.post(url) : form.put(url))
  return (
    <FormPage
      title={title}
      subtitle={page.order.number}
      backHref={page.backHref}
      onSubmit={onSubmit ?? (() => page.submitHref && send(page.submitHref))}
      form={form}
      readOnly={readOnly}
    >
      {children}
    </FormPage>
  )
}
