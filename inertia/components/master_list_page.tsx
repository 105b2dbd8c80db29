import type { ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import { PageHeader } from '~/components/ui/card'
import { DataTable, type DataTableProps } from '~/components/data_table/data_table'
import { ListActions, RowLink } from '~/components/list_actions'

/** What the server sends every list page (`listPageProps`): the list's texts, path and sorts. */
export type ListPageProps = {
  title: string
  subtitle: string
  /** The list's own path: its JSON, exports, 'Tambah' and 'Batch Edit' are below it. */
  path: string
  sortable: string[]
  /** Whether this user may add, batch-edit and edit rows. */
  canEdit: boolean
}

/** A master-data register's page props: the list's, and the label of its 'Tambah' button. */
export type RegisterPageProps = ListPageProps & { addLabel: string }

type MasterListPageProps<Row> = Omit<DataTableProps<Row>, 'actions'> &
  RegisterPageProps & {
    /** Links shown after 'Ubah' on each row, for editors. */
    rowLinks?: (row: Row) => ReactNode
  }

/**
 * A master-data list page: its title, 'Batch Edit' and 'Tambah' for editors,
 * the shared table (exports included) and 'Ubah' on every row.
 */
export function MasterListPage<Row extends { id: number }>({
  title,
  subtitle,
  addLabel,
  canEdit,
  rowLinks,
  ...table
}: MasterListPageProps<Row>) {
  return (
    <>
      <Head title={title} />
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={canEdit && <ListActions path={table.path} addLabel={addLabel} />}
      />
      <DataTable<Row>
        {...table}
        actions={
          canEdit
            ? (row) => (
                <div className="flex flex-wrap gap-3">
                  <RowLink href={`${table.path}/${row.id}/edit`}>Ubah</RowLink>
                  {rowLinks?.(row)}
                </div>
              )
            : undefined
        }
      />
    </>
  )
}
