import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { whereContains } from '#queries/datatable'
import { historyHref } from '#queries/devices/history_href'
import { ORDER_TYPES, ORDER_TYPE_INFO } from '#workflows/order_types'

export type SearchHit = {
  kind: 'order' | 'device' | 'facility'
  /** What the hit is called: a kind label the page shows before the title. */
  kindLabel: string
  title: string
  subtitle: string
  href: string
}

const PER_KIND = 5

/**
 * One box for the top bar: an order number, a facility, a serial number or a certificate
 * number finds the order, the device line (on its order's page) or the facility, within
 * what this user may see. A facility finds only its own orders and devices.
 */
export async function globalSearch(user: User, term: string): Promise<SearchHit[]> {
  const hits: SearchHit[] = []
  for (const type of ORDER_TYPES) {
    const info = ORDER_TYPE_INFO[type]
    if (!user.can(info.viewPermission)) continue
    const scope = <Q extends { where: (...args: any[]) => Q }>(query: Q) =>
      user.isFacility ? query.where('o.fasyankes_id', user.fasyankesId ?? 0) : query

    const orders = await scope(
      whereContains(
        db
          .from('orders as o')
          .join('fasyankes as f', 'f.id', 'o.fasyankes_id')
          .where('o.type', type)
          .select('o.id', 'o.number', 'o.status', 'f.fasyankes_name')
          .orderBy('o.created_at', 'desc')
          .limit(PER_KIND),
        user.isFacility ? ['o.number'] : ['o.number', 'f.fasyankes_name'],
        term
      )
    )
    for (const order of orders) {
      hits.push({
        kind: 'order',
        kindLabel: `Permintaan ${info.title}`,
        title: order.number,
        subtitle: `${order.fasyankes_name} · ${order.status}`,
        href: info.pagePath({ id: Number(order.id) }, user),
      })
    }

    const devices = await scope(
      whereContains(
        db
          .from('order_devices as d')
          .join('orders as o', 'o.id', 'd.order_id')
          .join('alkes as a', 'a.id', 'd.alkes_id')
          .where('o.type', type)
          .select(
            'd.id',
            'd.alkes_id',
            'o.fasyankes_id',
            'o.id as order_id',
            'o.number',
            'a.name',
            'd.serial_number',
            'd.certificate_number'
          )
          .orderBy('d.id', 'desc')
          .limit(PER_KIND),
        ['d.serial_number', 'd.certificate_number'],
        term
      )
    )
    for (const device of devices) {
      hits.push({
        kind: 'device',
        kindLabel: 'Alat',
        title: `${device.name}${device.serial_number ? ` · SN ${device.serial_number}` : ''}`,
        subtitle: [
          device.number,
          device.certificate_number ? `Sertifikat ${device.certificate_number}` : null,
        ]
          .filter(Boolean)
          .join(' · '),
        // Its history, which names every order it was on (the order page without a serial).
        href:
          historyHref(Number(device.alkes_id), device.serial_number, Number(device.fasyankes_id)) ??
          info.pagePath({ id: Number(device.order_id) }, user),
      })
    }
  }

  if (user.can('fasyankes.view')) {
    const facilities = await whereContains(
      db
        .from('fasyankes as f')
        .select('f.id', 'f.fasyankes_name', 'f.address')
        .orderByRaw('lower(f.fasyankes_name)')
        .limit(PER_KIND),
      ['f.fasyankes_name'],
      term
    )
    for (const facility of facilities) {
      hits.push({
        kind: 'facility',
        kindLabel: 'Fasyankes',
        title: facility.fasyankes_name,
        subtitle: facility.address ?? '',
        href: `/fasyankes/data?${new URLSearchParams({ name: facility.fasyankes_name })}`,
      })
    }
  }
  return hits
}
