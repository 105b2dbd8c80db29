import { mapTileSettings } from '#config/app'

/** OpenStreetMap's standard tiles, unless `MAP_TILE_URL` names another server (or a local path). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
export const DEFAULT_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'

/** Where the map's tiles come from (configuration; the browser fetches them, never a CDN of ours). */
export function mapTiles() {
  return {
    url: mapTileSettings.url || DEFAULT_TILE_URL,
    attribution: mapTileSettings.attribution || DEFAULT_TILE_ATTRIBUTION,
  }
}

/**
 * What the security headers' img-src must allow for those tiles: the tile server's origin
 * (any subdomain when the template has `{s}`), OpenStreetMap's for the facility form's picker,
 * nothing more for tiles served by the app itself.
 */
export function tileImageSources() {
  const sources = ['https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org']
  const template = mapTiles().url
  if (!/^https?:\/\//.test(template)) return sources
  const url = new URL(template.replaceAll('{s}', 'subdomain'))
  const host = template.includes('{s}.') ? url.host.replace(/^subdomain\./, '*.') : url.host
  const origin = `${url.protocol}//${host}`
  return sources.includes(origin) ? sources : [...sources, origin]
}
