import makes from './data/demo_makes.json' with { type: 'json' }

const TYPES = makes as unknown as Record<string, [string, string][]>

/**
 * A plausible make and model for a demo line of the device type `alkesName` (issue 35, item 16):
 * the `variant`-th of the type's makes in data/demo_makes.json, else a generic one named after
 * the type.
 */
export function demoMakeOf(alkesName: string, variant: number): { merk: string; model: string } {
  const known = TYPES[alkesName]
  if (known && Array.isArray(known)) {
    const [merk, model] = known[variant % known.length]
    return { merk, model }
  }
  return { merk: 'Generik', model: `${alkesName.split(' (')[0]} ${100 + (variant % 5) * 10}` }
}
