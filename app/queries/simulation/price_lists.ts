import db from '@adonisjs/lucid/services/db'
import { SERVICE_LABS, type ServiceLab } from '#enums/labs'
import SimulationTabTransformer, {
  type SimulationPrice,
} from '#transformers/simulation_tab_transformer'

const byName = new Intl.Collator('id', { sensitivity: 'base', numeric: true })

/**
 * The public tariff list of the simulation page (spec part 2: tabs pk, ukpr, sarpras): every
 * device type of the master data under its lab. Sorted here rather than in SQL, so SQLite and
 * PostgreSQL give the same order whatever their collation.
 */
export async function simulationTabs() {
  const rows: { id: number; name: string; price: unknown; laboratory: string }[] = await db
    .from('alkes')
    .select('id', 'name', 'price', 'laboratory')

  const items = new Map<ServiceLab, SimulationPrice[]>(SERVICE_LABS.map((lab) => [lab, []]))
  for (const row of rows) {
    const lab = String(row.laboratory).toLowerCase() as ServiceLab
    // A bigint column comes back as text on PostgreSQL; tariffs are whole rupiah.
    items
      .get(lab)
      ?.push({ id: Number(row.id), name: row.name, price: Math.round(Number(row.price)) })
  }

  return SERVICE_LABS.map((lab) =>
    new SimulationTabTransformer({
      lab,
      items: items.get(lab)!.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id),
    }).toObject()
  )
}
