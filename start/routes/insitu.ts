import { pendingModule } from '#start/route_kit'

/** On-site orders (Insitu, DL); their screens come with the on-site orders issue. */
pendingModule('/insitu', 'insitu.index', 'insitu.view', 'Permintaan Insitu')
