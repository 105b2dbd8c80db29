import type { ComponentProps, ReactNode } from 'react'
import { FormPage } from '~/components/form/form_page'

/** What an order's action form receives from the server besides its own data. */
export type OrderFormLinks = {
  order: { number: string }
  backHref: string
  submitHref: string
}

type OrderForm = ComponentProps<typeof FormPage>['form'] & {
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
  children,
}: {
  title: string
  page: OrderFormLinks
  form: OrderForm
  post?: boolean
  children: ReactNode
}) {
  return (
    <FormPage
      title={title}
      subtitle={page.order.number}
      backHref={page.backHref}
      onSubmit={() => (post ? form.post(page.submitHref) : form.put(page.submitHref))}
      form={form}
    >
      {children}
    </FormPage>
  )
}
