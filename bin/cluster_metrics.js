// The primary's part of /metrics when server.js runs several workers. The worker that is scraped
// sends `collect`; the primary asks every worker that said it is `ready` for its own metrics
// (prom-client's JSON), waits at most ANSWER_WITHIN_MS, and hands back what came, with its own
// few (worker restarts, workers that did not answer in time). The scraped worker merges them
// (app/services/metrics.ts). prom-client's AggregatorRegistry.clusterMetrics() is not used:
// it asks every connected worker, also one still starting that cannot answer yet, and then
// fails the whole scrape after 5 s.
import cluster from 'node:cluster'
import { Counter, Gauge, Registry } from 'prom-client'

const ANSWER_WITHIN_MS = 3000

export function serveClusterMetrics() {
  const registry = new Registry()
  const restarts = new Counter({
    name: 'kalibra_worker_restarts_total',
    help: 'Workers started again after one stopped unexpectedly',
    registers: [registry],
  })
  new Gauge({
    name: 'kalibra_workers',
    help: 'Worker processes running',
    registers: [registry],
    collect() {
      this.set(Object.keys(cluster.workers ?? {}).length)
    },
  })
  const unanswered = new Gauge({
    name: 'kalibra_metrics_workers_unanswered',
    help: 'Workers whose metrics are missing from this scrape (they did not answer within 3 s)',
    registers: [registry],
  })

  const ready = new Set()
  const asks = new Map()
  let lastAsk = 0

  const finish = async (askId) => {
    const ask = asks.get(askId)
    if (!ask) return
    asks.delete(askId)
    clearTimeout(ask.timer)
    unanswered.set(ask.waiting.size)
    const parts = [await registry.getMetricsAsJSON(), ...ask.parts]
    if (ask.requester.isConnected()) {
      ask.requester.send({ type: 'kalibra:metrics:all', id: ask.id, parts })
    }
  }

  cluster.on('message', (worker, message) => {
    if (message?.type === 'kalibra:metrics:ready') {
      ready.add(worker.id)
    } else if (message?.type === 'kalibra:metrics:collect') {
      const askId = ++lastAsk
      const ask = { id: message.id, requester: worker, waiting: new Set(), parts: [] }
      ask.timer = setTimeout(() => finish(askId), ANSWER_WITHIN_MS)
      asks.set(askId, ask)
      for (const id of ready) {
        const one = cluster.workers?.[id]
        if (!one?.isConnected()) continue
        ask.waiting.add(id)
        one.send({ type: 'kalibra:metrics:ask', ask: askId })
      }
      if (ask.waiting.size === 0) void finish(askId)
    } else if (message?.type === 'kalibra:metrics:own') {
      const ask = asks.get(message.ask)
      if (!ask || !ask.waiting.delete(worker.id)) return
      ask.parts.push(message.metrics)
      if (ask.waiting.size === 0) void finish(message.ask)
    }
  })

  // A worker that is gone is not waited for.
  cluster.on('exit', (worker) => {
    ready.delete(worker.id)
    for (const [askId, ask] of asks) {
      if (ask.waiting.delete(worker.id) && ask.waiting.size === 0) void finish(askId)
    }
  })

  return { workerRestarted: () => restarts.inc() }
}
