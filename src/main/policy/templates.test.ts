import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { parse } from 'plist'
import { describe, expect, it } from 'vitest'
import { POLICY_KEY_NAMES, POLICY_LOCATION, validatePolicy } from './keys'

const NS = 'http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions'
const read = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../../build/policy/${path}`, import.meta.url)), 'utf8')
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['policy', 'string', 'presentation'].includes(name),
})

describe('Group Policy templates (build/policy)', () => {
  const admx = read('lab-training.admx')
  const admls = { 'zh-CN': read('zh-CN/lab-training.adml'), 'en-US': read('en-US/lab-training.adml') }

  it('are well-formed XML in the PolicyDefinitions namespace', () => {
    for (const xml of [admx, ...Object.values(admls)]) expect(XMLValidator.validate(xml)).toBe(true)
    expect(parser.parse(admx).policyDefinitions['@xmlns']).toBe(NS)
    for (const xml of Object.values(admls))
      expect(parser.parse(xml).policyDefinitionResources['@xmlns']).toBe(NS)
  })

  it('define every policy key under the registry key the client reads, with its texts in both languages', () => {
    const policies = parser.parse(admx).policyDefinitions.policies.policy as Array<Record<string, string>>
    expect(policies.map((p) => p['@name']).sort()).toEqual([...POLICY_KEY_NAMES].sort())
    for (const p of policies) expect(p['@key']).toBe(POLICY_LOCATION.registryKey)
    for (const [lang, xml] of Object.entries(admls)) {
      const resources = parser.parse(xml).policyDefinitionResources.resources
      const ids = (resources.stringTable.string as Array<Record<string, string>>).map((s) => s['@id'])
      const presentations = (resources.presentationTable.presentation as Array<Record<string, string>>).map(
        (p) => p['@id'],
      )
      for (const key of POLICY_KEY_NAMES) {
        expect(ids, `${lang} ${key}`).toContain(key)
        expect(ids, `${lang} ${key}_Explain`).toContain(`${key}_Explain`)
      }
      for (const p of policies) if (p['@presentation']) expect(presentations, lang).toContain(p['@name'])
    }
  })
})

describe('the example .mobileconfig', () => {
  it('sets every policy key with a valid value for the bundle id', () => {
    const profile = parse(read('lab-training.mobileconfig')) as {
      PayloadContent: Array<Record<string, unknown>>
    }
    const payload = profile.PayloadContent[0]
    expect(payload.PayloadType).toBe(POLICY_LOCATION.bundleId)
    const settings = Object.fromEntries(Object.entries(payload).filter(([k]) => !k.startsWith('Payload')))
    const log: string[] = []
    expect(Object.keys(validatePolicy(settings, (l) => log.push(l))).sort()).toEqual(
      [...POLICY_KEY_NAMES].sort(),
    )
    expect(log).toEqual([])
  })
})
