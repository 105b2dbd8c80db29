import { BaseTransformer } from '@adonisjs/core/transformers'
import { LAB_LABELS, type ServiceLab } from '#enums/labs'

type Person = { id: number; name: string; nip: string | null; position: string | null }

/** A requested lab's team as read (`teamOf`) and the officers it may be chosen from. */
export type LabTeamFacts = {
  lab: ServiceLab
  team: {
    leader: (Person & { is_leader: boolean }) | null
    members: (Person & { is_leader: boolean })[]
    dates: { start_date: string; end_date: string; days: number; formatted: string }[]
  }
  candidates: { id: number; name: string }[]
}

/**
 * A requested lab on the officer page of an on-site order: its team (leader, members, the
 * visit's dates), the officers it may be chosen from, and whether this user may pick it now.
 */
export default class InsituTeamTransformer extends BaseTransformer<LabTeamFacts> {
  constructor(
    resource: LabTeamFacts,
    protected editable: boolean
  ) {
    super(resource)
  }

  toObject() {
    const { lab, team, candidates } = this.resource
    return { lab, label: LAB_LABELS[lab], editable: this.editable, candidates, team }
  }
}
