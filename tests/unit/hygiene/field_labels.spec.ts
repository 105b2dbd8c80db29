import { readdir } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { VineValidator } from '@vinejs/vine'

type SchemaNode = {
  type?: string
  fieldName?: string
  properties?: SchemaNode[]
  each?: SchemaNode
  groups?: { conditions?: { schema?: SchemaNode }[] }[]
  conditions?: { schema?: SchemaNode }[]
}

/** Every field name a validator reads, nested objects and array items included. */
function fieldNames(node: SchemaNode | undefined, names = new Set<string>()) {
  if (!node) return names
  if (node.fieldName && node.fieldName !== '*') names.add(node.fieldName)
  for (const child of node.properties ?? []) fieldNames(child, names)
  fieldNames(node.each, names)
  for (const condition of node.conditions ?? []) fieldNames(condition.schema, names)
  for (const group of node.groups ?? [])
    for (const condition of group.conditions ?? []) fieldNames(condition.schema, names)
  return names
}

/** The name a validator's messages give a field (the raw name when it has no label). */
function labelOf(validator: VineValidator<any, any>, field: string) {
  const probe = { name: field, wildCardPath: field, getFieldPath: () => field }
  return validator.messagesProvider.getMessage('{{ field }}', 'label_probe', probe as never)
}

test.group('Validation messages | every field has a label', () => {
  test('each field of every validator in app/validators is named as the form labels it', async ({
    assert,
  }) => {
    const folder = app.makePath('app/validators')
    const entries = await readdir(folder)
    const files = entries.filter((file) => file.endsWith('.ts'))
    const missing: string[] = []
    let validators = 0
    for (const file of files) {
      const module = await import(`#validators/${file.replace(/\.ts$/, '')}`)
      for (const [name, value] of Object.entries(module)) {
        if (!(value instanceof VineValidator)) continue
        validators++
        const { schema } = value.toJSON() as { schema: SchemaNode }
        for (const field of fieldNames(schema)) {
          if (labelOf(value, field) === field) missing.push(`${file} ${name}: ${field}`)
        }
      }
    }
    assert.isAbove(validators, 10, 'the validators were found')
    assert.deepEqual(missing, [])
  })
})
