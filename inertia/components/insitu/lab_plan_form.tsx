import type { ReactNode } from 'react'
import { OrderFormPage, type OrderForm } from '~/components/orders/order_form_page'
import { Tabs } from '~/components/ui/tabs'
import { Notice } from '~/components/ui/notice'
import type { LabPlanPage } from '#queries/insitu/lab_plans'

export type PlannedLab = LabPlanPage['labs'][number]

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
