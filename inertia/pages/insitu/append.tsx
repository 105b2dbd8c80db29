import { AppendPage, type AppendProps } from '~/components/orders/append_page'
import { LabRequests, labPayload } from '~/components/insitu/lab_requests'

export default function AppendInsitu(props: AppendProps) {
  return (
    <AppendPage
      title="Penambahan Permintaan Insitu"
      props={props}
      payload={(picked) => labPayload(props.options.alkes, picked)}
      picker={(picked, onChange, errors) => (
        <LabRequests
          devices={props.options.alkes}
          lines={picked}
          onChange={onChange}
          errors={errors}
        />
      )}
    />
  )
}
