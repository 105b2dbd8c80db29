import edge from 'edge.js'
import { THEME_SCRIPT } from '#services/theme_script'

edge.global('themeScript', THEME_SCRIPT)
