import { useRef, useState, type DragEvent } from 'react'
import { router } from '@inertiajs/react'
import { UploadCloud } from 'lucide-react'
import { Card } from '~/components/ui/card'
import { Button } from '~/components/ui/button'
import { controlClass } from '~/components/ui/field'
import { SimpleTable } from '~/components/ui/simple_table'
import { cn } from '~/lib/cn'

export type BulkHrefs = {
  match: string
  store: string
  maxBytes: number
  maxFiles: number
  /** Each file's limit, as people read it ("10 MB"). */
  fileLimit: string
}

type Line = {
  id: number
  alkes: { name: string }
  serial_number: string | null
  certificate_number: string | null
  certificate: string | null
  can_attach: boolean
}

type Match = {
  name: string
  device_id: number | null
  matched_by: string | null
  note: string | null
}

type Item = { file: File; deviceId: number | null; matchedBy: string | null; note: string | null }

const isPdf = (file: File) => /\.pdf$/i.test(file.name)

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`
const fileSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : megabytes(bytes)

const lineLabel = (line: Line) =>
  [line.alkes.name, line.serial_number && `SN ${line.serial_number}`, line.certificate_number]
    .filter(Boolean)
    .join(' · ')

/**
 * Many certificates at once on an order's files page: drop the PDFs, the server says
 * which device line each name is for (certificate number or serial number in the file
 * name), the user checks or corrects every pair, then all are saved together.
 */
export function BulkCertificates({ hrefs, lines }: { hrefs: BulkHrefs; lines: Line[] }) {
  const attachable = lines.filter((line) => line.can_attach)
  const input = useRef<HTMLInputElement>(null)
  const [items, setItems] = useState<Item[]>([])
  const [busy, setBusy] = useState(false)
  const [dragging, setDragging] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [errors, setErrors] = useState<string[]>([])

  const choose = async (files: File[]) => {
    setErrors([])
    setProblem(null)
    if (!files.length) return
    if (files.length > hrefs.maxFiles) {
      setItems([])
      setProblem(`Maksimal ${hrefs.maxFiles} berkas sekali unggah; pilih lebih sedikit.`)
      return
    }
    setBusy(true)
    try {
      const names = files.filter(isPdf).map((file) => file.name)
      const query = new URLSearchParams(names.map((name) => ['names', name]))
      const response = await fetch(`${hrefs.match}?${query}`, {
        headers: { Accept: 'application/json' },
      })
      if (!response.ok) throw new Error(String(response.status))
      const { matches } = (await response.json()) as { matches: Match[] }
      const byName = [...matches]
      setItems(
        files.map((file) => {
          if (!isPdf(file)) {
            return {
              file,
              deviceId: null,
              matchedBy: null,
              note: 'Bukan berkas PDF; tidak diunggah.',
            }
          }
          const match = byName.shift()!
          return { file, deviceId: match.device_id, matchedBy: match.matched_by, note: match.note }
        })
      )
    } catch {
      setProblem('Berkas belum dapat dicocokkan. Periksa koneksi lalu coba lagi.')
    } finally {
      setBusy(false)
    }
  }

  const chosen = items.filter((item) => item.deviceId !== null && isPdf(item.file))
  const counts = new Map<number, number>()
  for (const item of chosen) counts.set(item.deviceId!, (counts.get(item.deviceId!) ?? 0) + 1)
  const repeated = [...counts.values()].some((count) => count > 1)
  const totalBytes = chosen.reduce((sum, item) => sum + item.file.size, 0)
  const tooLarge = totalBytes > hrefs.maxBytes

  const save = () => {
    const data = new FormData()
    for (const item of chosen) {
      data.append('files[]', item.file)
      data.append('order_device_ids[]', String(item.deviceId))
    }
    setBusy(true)
    router.post(hrefs.store, data, {
      preserveScroll: true,
      onSuccess: () => setItems([]),
      onError: (failed) =>
        setErrors(
          Object.entries(failed).map(([key, message]) => {
            const index = Number(key.split('.')[1])
            const name = key.startsWith('files.') ? chosen[index]?.file.name : null
            return name ? `${name}: ${message}` : String(message)
          })
        ),
      onFinish: () => setBusy(false),
    })
  }

  const drop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    void choose([...event.dataTransfer.files])
  }

  return (
    <Card className="mb-4 p-4">
      <h2 className="font-semibold">Unggah Sertifikat Sekaligus</h2>
      <p className="mt-1 text-sm text-slate-500">
        Nama berkas memuat nomor sertifikat atau nomor seri alat, misalnya
        &ldquo;KAL-PK-008.pdf&rdquo; atau &ldquo;SN12345.pdf&rdquo;. Periksa pasangannya sebelum
        menyimpan.
      </p>
      <div
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn(
          'mt-3 flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm',
          dragging
            ? 'border-brand-500 bg-brand-50 dark:bg-slate-800'
            : 'border-slate-300 dark:border-slate-700'
        )}
      >
        <UploadCloud className="size-8 text-slate-400" />
        <span>Seret berkas PDF sertifikat ke sini, atau</span>
        <input
          ref={input}
          type="file"
          multiple
          accept="application/pdf"
          aria-label="Berkas sertifikat sekaligus"
          className="sr-only"
          onChange={(event) => {
            void choose([...(event.target.files ?? [])])
            event.target.value = ''
          }}
        />
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={busy}>
          Pilih Berkas
        </Button>
        <span className="text-xs text-slate-500">
          Maksimal {hrefs.maxFiles} berkas, {hrefs.fileLimit} per berkas dan{' '}
          {megabytes(hrefs.maxBytes)} sekali simpan.
        </span>
      </div>
      {problem && <p className="mt-2 text-sm text-red-600">{problem}</p>}
      {items.length > 0 && (
        <div className="mt-4 space-y-3" data-testid="bulk-preview">
          <SimpleTable
            rows={items}
            rowKey={(item, index) => `${index}-${item.file.name}`}
            columns={[
              {
                header: 'Berkas',
                cell: (item) => (
                  <>
                    <span className="break-all">{item.file.name}</span>
                    <span className="block text-xs text-slate-500">{fileSize(item.file.size)}</span>
                  </>
                ),
              },
              {
                header: 'Alat',
                cell: (item, index) => (
                  <select
                    aria-label={`Alat untuk ${item.file.name}`}
                    value={item.deviceId ?? ''}
                    disabled={!isPdf(item.file)}
                    onChange={(event) => {
                      const deviceId = event.target.value ? Number(event.target.value) : null
                      setItems(
                        items.map((other, at) =>
                          at === index ? { ...other, deviceId, matchedBy: null, note: null } : other
                        )
                      )
                    }}
                    className={cn(controlClass(), 'max-w-sm py-1')}
                  >
                    <option value="">Lewati berkas ini</option>
                    {attachable.map((line) => (
                      <option key={line.id} value={line.id}>
                        {lineLabel(line)}
                      </option>
                    ))}
                  </select>
                ),
              },
              {
                header: 'Keterangan',
                cell: (item) => {
                  const line = attachable.find((candidate) => candidate.id === item.deviceId)
                  return (
                    <span className="text-xs">
                      {item.matchedBy && (
                        <span className="block text-emerald-700">Cocok: {item.matchedBy}</span>
                      )}
                      {item.note && <span className="block text-amber-700">{item.note}</span>}
                      {item.deviceId !== null && (counts.get(item.deviceId) ?? 0) > 1 && (
                        <span className="block text-red-600">
                          Alat ini dipilih untuk lebih dari satu berkas.
                        </span>
                      )}
                      {line?.certificate && (
                        <span className="block text-slate-500">
                          Menggantikan sertifikat yang sudah ada.
                        </span>
                      )}
                    </span>
                  )
                },
              },
            ]}
          />
          {tooLarge && (
            <p className="text-sm text-red-600">
              Total {megabytes(totalBytes)} melebihi {megabytes(hrefs.maxBytes)}. Simpan dalam
              beberapa bagian.
            </p>
          )}
          {errors.length > 0 && (
            <ul className="list-inside list-disc text-sm text-red-600" role="alert">
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <Button onClick={save} disabled={busy || !chosen.length || repeated || tooLarge}>
              Simpan {chosen.length} Sertifikat
            </Button>
            <Button variant="secondary" onClick={() => setItems([])} disabled={busy}>
              Batal
            </Button>
            <span className="text-sm text-slate-500">
              {chosen.length} dari {items.length} berkas akan disimpan.
            </span>
          </div>
        </div>
      )}
    </Card>
  )
}
