// The part of bpmn-moddle's API this project uses (the package ships no types).
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string
    id?: string
    name?: string
    isExecutable?: boolean
    flowElements?: ModdleElement[]
    documentation?: { text?: string }[]
    $attrs?: Record<string, string>
    [key: string]: unknown
  }
  export interface ParseResult {
    rootElement: ModdleElement & { rootElements?: ModdleElement[] }
    warnings: { message: string }[]
  }
  export default class BpmnModdle {
    constructor(options?: unknown)
    fromXML(xml: string): Promise<ParseResult>
  }
}
