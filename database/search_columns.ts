/** Columns each list's search box looks in; the search index and the query share them. */
export const OFFICER_SEARCH_COLUMNS = ['name', 'nip', 'rank', 'position', 'email']
export const ALKES_SEARCH_COLUMNS = ['name', 'alkes_code', 'mk_code', 'aspak_code', 'category']
/** The inventory's own columns its search box looks in (device type and facility by name). */
export const INVENTORY_SEARCH_COLUMNS = ['merk', 'model', 'serial_number']
