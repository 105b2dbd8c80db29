import type { ReactNode } from 'react'
import {
  OrderFormPage,
  type OrderForm,
  type OrderFormLinks,
} from '~/components/orders/order_form_page'
import { Tabs } from '~/components/ui/tabs'
import { Notice } from '~/components/ui/notice'
import type { Data } from '#generated/data'

export type PlannedLab = Data.InsituLabPlan

/** What the estimation and accommodation pages receive: one plan per requested lab. */
export type LabPlanPage = Omit<OrderFormLinks, 'submitHref'> & {
  /** Null when this user may not save now (the page is then read-only). */
  submitHref: string | null
  labs: PlannedLab[]
  /** The tab open at first: the lab this user heads, when the order has requests for it. */
  activeLab: PlannedLab['lab'] | null
  /** Why the page is only read (saved, and the order has moved on); null when it may be saved. */
  readOnlyReason: string | null
}

/**
 * The frame of an on-site order's plan per lab (estimation, accommodation): the order's
 * number under the title, a tab per lab with requests, and what follows the tabs.
 */
export function LabPlanForm({
  title,
  page,
  form,
  onSubmit,
  readOnly,
  tab,
  footer,
}: {
  title: string
  page: LabPlanPage
  form: OrderForm
  onSubmit: () => void
  readOnly: boolean
  tab: (lab: PlannedLab, index: number) => ReactNode
  footer?: ReactNode
}) {
  return (
    <OrderFormPage title={title} page={page} onSubmit={onSubmit} form={form} readOnly={readOnly}>
      <div className="md:col-span-2">
        {page.readOnlyReason && <Notice>{page.readOnlyReason}</Notice>}
        <Tabs
          initial={page.activeLab}
          tabs={page.labs.map((lab, index) => ({
            key: lab.lab,
            label: lab.label,
            content: tab(lab, index),
          }))}
        />
        {footer}
      </div>
    </OrderFormPage>
  )
}
