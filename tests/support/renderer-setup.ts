import { configure } from '@testing-library/dom'

// Testing Library's findBy/waitFor give up after 1 s; the renderer suites share two cores with the
// server suites, so a Fluent screen can take longer than that to render its answer.
configure({ asyncUtilTimeout: 10_000 })
