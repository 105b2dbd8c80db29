import cluster from 'node:cluster'
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
} from 'prom-client'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { sqliteLockWaits } from '#database/sqlite_immediate'
import { deliveryFailures } from '#notifications/outbox'
import { exportProcessStatus } from '#lists/exports/export_process'
import { withinDeadline } from '#services/deadline'

/**
 * The metrics of /metrics (README, "Operating"), in prom-client's registries.
 *
 * Several workers (server.js, WEB_CONCURRENCY): each worker's own metrics carry its `worker`
 * label, the worker's slot (1 to WEB_CONCURRENCY, kept by a worker started again after a
 * crash, so the series stay few). The worker that is scraped asks the primary, which asks
 * every worker for its metrics and hands them all back (bin/cluster_metrics.js); they are
 * merged with prom-client's AggregatorRegistry. So a scrape shows every worker's requests
 * whichever worker answers, and nothing is summed across workers (sum by the labels you want
 * in PromQL). What is read from the database (the outbox) is read once, by the worker that
 * answers, and carries no worker label.
 */
export const WORKER = process.env.KALIBRA_WORKER || '1'

/** This worker's metrics. */
const own = new Registry()
own.setDefaultLabels({ worker: WORKER })
collectDefaultMetrics({ register: own })

/** Read from the database, by whichever worker answers the scrape. */
const shared = new Registry()

/* ------------------------------------------------------------------ requests */

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
/** The route label of a request no route matched: a file of public/ when it was served, else nothing. */
export const STATIC_ROUTE = '(static)'
export const UNMATCHED_ROUTE = '(unmatched)'

const requests = new Counter({
  name: 'kalibra_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern (never the URL itself) and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  registers: [own],
})

const requestSeconds = new Histogram({
  name: 'kalibra_http_request_duration_seconds',
  help: 'Time from the request to the last byte of the answer, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [own],
})

/** Requests answered before the router (/health/*, /metrics): their path is their route. */
const answeredBeforeRouter = new WeakMap<HttpContext, string>()

export function routeOfRequest(ctx: HttpContext, route: string) {
  answeredBeforeRouter.set(ctx, route)
}

/** Counts an answered request (start/metrics.ts, on `http:request_completed`). */
export function recordRequest(ctx: HttpContext, duration: [number, number]) {
  const status = ctx.response.getStatus()
  const requested = ctx.request.method()
  const method = METHODS.has(requested) ? requested : 'OTHER'
  const route =
    ctx.route?.pattern ??
    answeredBeforeRouter.get(ctx) ??
    (status < 400 ? STATIC_ROUTE : UNMATCHED_ROUTE)
  requests.inc({ method, route, status_class: `${Math.floor(status / 100)}xx` })
  requestSeconds.observe({ method, route }, duration[0] + duration[1] / 1e9)
}

/* ------------------------------------------------------------------ database */

new Gauge({
  name: 'kalibra_db_pool_connections',
  help: "Connections of this worker's database pool: used, free, pending_acquires (queries waiting for a connection), pending_creates",
  labelNames: ['connection', 'state'] as const,
  registers: [own],
  collect() {
    this.reset()
    for (const [name, node] of db.manager.connections) {
      const pool = node.connection?.pool
      if (!pool) continue
      this.set({ connection: name, state: 'used' }, pool.numUsed())
      this.set({ connection: name, state: 'free' }, pool.numFree())
      this.set({ connection: name, state: 'pending_acquires' }, pool.numPendingAcquires())
      this.set({ connection: name, state: 'pending_creates' }, pool.numPendingCreates())
    }
  },
})

new Gauge({
  name: 'kalibra_db_pool_max_connections',
  help: "The most connections this worker's database pool opens",
  labelNames: ['connection'] as const,
  registers: [own],
  collect() {
    this.reset()
    for (const [name, node] of db.manager.connections) {
      const pool = node.connection?.pool
      // tarn keeps `max` public at run time; its types call it protected.
      if (pool) this.set({ connection: name }, (pool as unknown as { max: number }).max)
    }
  },
})

/** A counter whose total is kept elsewhere (a plain number a module counts up). */
function countedElsewhere<L extends string>(
  configuration: { name: string; help: string; labelNames?: readonly L[] },
  read: (set: (value: number, labels?: Partial<Record<L, string>>) => void) => void
) {
  return new Counter<L>({
    ...configuration,
    registers: [own],
    collect() {
      this.reset()
      read((value, labels) => this.inc(labels ?? {}, value))
    },
  })
}

countedElsewhere(
  {
    name: 'kalibra_sqlite_write_lock_waits_total',
    help: "SQLite: transactions of this worker that waited for another worker's write lock (BEGIN IMMEDIATE)",
  },
  (set) => set(sqliteLockWaits.waits)
)
countedElsewhere(
  {
    name: 'kalibra_sqlite_write_lock_wait_seconds_total',
    help: 'SQLite: seconds those transactions spent waiting for the write lock',
  },
  (set) => set(sqliteLockWaits.seconds)
)
countedElsewhere(
  {
    name: 'kalibra_sqlite_write_lock_timeouts_total',
    help: 'SQLite: transactions that did not get the write lock within the busy timeout (answered 503)',
  },
  (set) => set(sqliteLockWaits.timeouts)
)

/* ------------------------------------------------------------------ outbox */

const OUTBOX_STATES = ['pending', 'sending', 'failed'] as const
/** The longest a scrape waits for what it reads from the database. */
const DATABASE_METRICS_MS = 2000

new Gauge({
  name: 'kalibra_outbox_messages',
  help: 'Notification messages (Telegram, e-mail) not delivered, by state: pending (waiting or retrying), sending, failed (given up, for the admins to resend)',
  labelNames: ['state'] as const,
  registers: [shared],
  async collect() {
    this.reset()
    // Delivered messages are not counted: they only grow, and counting them would read them all.
    const counting = db
      .from('outbox_messages')
      .whereIn('status', [...OUTBOX_STATES])
      .select('status')
      .count('* as total')
      .groupBy('status')
    // A database that does not answer (a full pool, an outage) leaves this metric out of the
    // scrape instead of holding up the rest, which matters most just then.
    const rows = await withinDeadline(
      counting.then((found) => found as { status: string; total: number | string }[]),
      DATABASE_METRICS_MS,
      () => null
    ).catch(() => null)
    if (!rows) return
    for (const state of OUTBOX_STATES) {
      const row = rows.find((one) => one.status === state)
      this.set({ state }, Number(row?.total ?? 0))
    }
  },
})

countedElsewhere(
  {
    name: 'kalibra_outbox_delivery_failures_total',
    help: 'Failed delivery attempts of this worker, by channel and outcome (retry: tried again later, failed: given up)',
    labelNames: ['channel', 'outcome'] as const,
  },
  (set) => {
    for (const [channel, counts] of deliveryFailures) {
      set(counts.retry, { channel, outcome: 'retry' })
      set(counts.failed, { channel, outcome: 'failed' })
    }
  }
)

/* ------------------------------------------------------------------ export process */

new Gauge({
  name: 'kalibra_export_process_running',
  help: "Whether this worker's export process (PDF and Excel files) is running: 1 or 0",
  registers: [own],
  collect() {
    this.set(exportProcessStatus().started ? 1 : 0)
  },
})

new Gauge({
  name: 'kalibra_exports_in_progress',
  help: "Exports this worker's export process is writing now",
  registers: [own],
  collect() {
    this.set(exportProcessStatus().exports)
  },
})

countedElsewhere(
  {
    name: 'kalibra_export_process_starts_total',
    help: 'Export processes this worker started (one at start-up, then a fresh one after each idle spell, or after one was lost)',
  },
  (set) => set(exportProcessStatus().starts)
)
countedElsewhere(
  {
    name: 'kalibra_export_process_lost_total',
    help: 'Export processes of this worker that exited without being asked to (their exports failed)',
  },
  (set) => set(exportProcessStatus().lost)
)

/* ------------------------------------------------------------------ across workers */

type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>
/** The messages between the workers and the primary (bin/cluster_metrics.js spells them too). */
const MESSAGE = {
  ready: 'kalibra:metrics:ready',
  collect: 'kalibra:metrics:collect',
  ask: 'kalibra:metrics:ask',
  own: 'kalibra:metrics:own',
  all: 'kalibra:metrics:all',
}
/** How long a scraped worker waits for the primary's answer (it waits at most 3 s for the workers). */
const PRIMARY_ANSWER_MS = 5000

const waiting = new Map<number, (parts: MetricsJson[]) => void>()
let lastRequest = 0

if (cluster.isWorker && process.send) {
  process.on('message', (message: { type?: string; ask?: number; id?: number; parts?: any }) => {
    if (message?.type === MESSAGE.ask) {
      // An answer in any case (an empty one if collecting failed): the primary is waiting.
      void own
        .getMetricsAsJSON()
        .catch(() => [])
        .then((metrics) => process.send?.({ type: MESSAGE.own, ask: message.ask, metrics }))
    } else if (message?.type === MESSAGE.all) {
      waiting.get(message.id!)?.(message.parts as MetricsJson[])
    }
  })
  // The primary asks only the workers that can answer (a worker still starting cannot).
  process.send({ type: MESSAGE.ready })
}

/** Every worker's metrics (and the primary's), through the primary; this worker's alone without a cluster. */
function everyWorker(): Promise<MetricsJson[]> {
  if (!cluster.isWorker || !process.send) return own.getMetricsAsJSON().then((one) => [one])
  const id = ++lastRequest
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id)
      reject(new Error('the primary process did not answer with the workers’ metrics'))
    }, PRIMARY_ANSWER_MS)
    waiting.set(id, (parts) => {
      clearTimeout(timer)
      waiting.delete(id)
      resolve(parts)
    })
    process.send!({ type: MESSAGE.collect, id })
  })
}

/** The Prometheus text of every worker's metrics and the shared ones. */
export async function metricsExposition() {
  const [parts, sharedJson] = await Promise.all([everyWorker(), shared.getMetricsAsJSON()])
  const merged = AggregatorRegistry.aggregate([...parts, sharedJson])
  return { contentType: merged.contentType, body: await merged.metrics() }
}
