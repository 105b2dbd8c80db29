import edge from 'edge.js'
import { THEME_SCRIPT } from '#services/theme_script'
import { inertiaRoot } from '#services/inertia_root'

edge.global('themeScript', THEME_SCRIPT)

// Edge runs plugins in the order they were added, at the first render; the Inertia provider added
// its plugin before this preload runs, so this one replaces its `inertia` global afterwards.
edge.use((instance) => {
  instance.global('inertia', inertiaRoot)
})
