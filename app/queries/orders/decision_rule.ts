import lab from '#config/lab'
import type Order from '#models/order'
import {
  DECISION_RULE_LABELS,
  describeRule,
  type DecisionRule,
  type RuleChoice,
} from '#shared/decision_rules'

/**
 * The decision rule of an order (issue 37, ILAC-G8 and ISO/IEC 17025 7.1.3): agreed when the
 * facility requests (the lab's default then, shown on the request form and stated in the
 * offering letter), kept on the order, and the one its worksheets judge every point by. Orders
 * from before the rule was recorded take the lab's default.
 */
export function decisionOf(
  order: Pick<Order, 'decisionRule' | 'guardFactor'>
): Required<RuleChoice> {
  if (!order.decisionRule) return agreedRule()
  return { rule: order.decisionRule, guardFactor: order.guardFactor ?? 1 }
}

/** The rule a new order agrees to: the lab's default (LAB_DECISION_RULE). */
export function agreedRule(): Required<RuleChoice> {
  const { rule, guardFactor } = lab.measurement.decision
  return { rule: rule as DecisionRule, guardFactor }
}

/** The rule as the request form and the order show it: its name and its statement. */
export function ruleForPage(choice: RuleChoice) {
  return { label: DECISION_RULE_LABELS[choice.rule], statement: describeRule(choice) }
}
