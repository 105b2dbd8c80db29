import { sep } from 'node:path'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/static'
import { ASSET_CACHE_CONTROL } from '#services/security_headers'

const assetsFolder = app.publicPath('assets') + sep

export default defineConfig({
  enabled: true,
  etag: true,
  lastModified: true,
  dotFiles: 'ignore',
  // Built assets keep a year-long cache; every other file keeps the no-store set for all responses.
  headers: (path) =>
    path.startsWith(assetsFolder) ? { 'Cache-Control': ASSET_CACHE_CONTROL } : {},
})
