/** One printed figure of `npm run bench`. */
export interface Figure {
  suite: string
  name: string
  value: number | string
  unit: string
  note?: string
}

export type Suite = () => Promise<Omit<Figure, 'suite'>[]>
