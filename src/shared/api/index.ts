export * from './envelope'
export * from './endpoint'
export * from './common'
export * from './resource'
