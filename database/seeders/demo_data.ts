import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import { DateTime } from 'luxon'
import { ROLES, type Role } from '#enums/roles'

export const DEMO_PASSWORD = 'kalibra2026'

interface DemoStaff {
  name: string
  nip: string
  rank: string
  position: string
  roles: Role[]
  email?: string
}

/** One account per staff role, `<role>@kalibra.test`, plus officers who hold no demo role of their own. */
const STAFF: DemoStaff[] = [
  {
    roles: ['yantek'],
    name: 'Andi Rahmat Hidayat, S.T.',
    nip: '198504122010121003',
    rank: 'Penata Tk. I (III/d)',
    position: 'Koordinator Pelayanan Teknik',
  },
  {
    roles: ['treasurer'],
    name: 'Sitti Nurhaliza, S.E.',
    nip: '198803052011012007',
    rank: 'Penata (III/c)',
    position: 'Bendahara Penerimaan',
  },
  {
    roles: ['human_resource'],
    name: 'Muhammad Yusuf Kadir, S.Sos.',
    nip: '198201172008011004',
    rank: 'Penata Tk. I (III/d)',
    position: 'Analis Kepegawaian',
  },
  {
    roles: ['admin_pk'],
    name: 'Nurul Fadhilah, A.Md.T.',
    nip: '199106212014022001',
    rank: 'Pengatur Tk. I (II/d)',
    position: 'Admin Laboratorium Pengujian dan Kalibrasi',
  },
  {
    roles: ['head_of_pk_laboratory'],
    name: 'Ir. Hasanuddin Latief, M.T.',
    nip: '197509102002121002',
    rank: 'Pembina (IV/a)',
    position: 'Kepala Laboratorium Pengujian dan Kalibrasi',
  },
  {
    roles: ['supervisor_of_pk_laboratory'],
    name: 'Rahmawati Syam, S.T.',
    nip: '198612142009122002',
    rank: 'Penata Tk. I (III/d)',
    position: 'Penyelia Laboratorium Pengujian dan Kalibrasi',
  },
  {
    roles: ['officer_pk'],
    name: 'Fajar Ramadhan, S.Tr.T.',
    nip: '199512302019031006',
    rank: 'Penata Muda (III/a)',
    position: 'Teknisi Elektromedis Ahli Pertama',
  },
  {
    roles: ['admin_ukpr'],
    name: 'Dewi Sartika Amir, A.Md.',
    nip: '199207082015032003',
    rank: 'Pengatur (II/c)',
    position: 'Admin Laboratorium UKPR',
  },
  {
    roles: ['head_of_ukpr_laboratory'],
    name: 'Dr. Syamsul Bahri, M.Si.',
    nip: '197802252003121001',
    rank: 'Pembina Tk. I (IV/b)',
    position: 'Kepala Laboratorium Uji Kesesuaian dan Proteksi Radiasi',
  },
  {
    roles: ['supervisor_of_ukpr_laboratory'],
    name: 'Irwan Saputra, S.Si.',
    nip: '198709192010121005',
    rank: 'Penata (III/c)',
    position: 'Penyelia Laboratorium UKPR',
  },
  {
    roles: ['officer_ukpr'],
    name: 'Aulia Rahman, S.Si.',
    nip: '199403112018011002',
    rank: 'Penata Muda Tk. I (III/b)',
    position: 'Fisikawan Medis Ahli Pertama',
  },
  {
    roles: ['admin_sarpras'],
    name: 'Musdalifah, A.Md.',
    nip: '199010262014022004',
    rank: 'Pengatur Tk. I (II/d)',
    position: 'Admin Laboratorium Sarana dan Prasarana',
  },
  {
    roles: ['head_of_sarpras_laboratory'],
    name: 'Ir. Abdul Gafur, M.M.',
    nip: '197612032001121003',
    rank: 'Pembina (IV/a)',
    position: 'Kepala Laboratorium Sarana dan Prasarana',
  },
  {
    roles: ['supervisor_of_sarpras_laboratory'],
    name: 'Hendra Gunawan, S.T.',
    nip: '198405162009011006',
    rank: 'Penata Tk. I (III/d)',
    position: 'Penyelia Laboratorium Sarana dan Prasarana',
  },
  {
    roles: ['officer_sarpras'],
    name: 'Ahmad Fauzi, S.T.',
    nip: '199608142020121004',
    rank: 'Penata Muda (III/a)',
    position: 'Teknisi Sarana dan Prasarana',
  },
  {
    roles: ['admin_pdp'],
    name: 'Wahyuni Putri, A.Md.',
    nip: '199302202016022002',
    rank: 'Pengatur (II/c)',
    position: 'Admin Laboratorium PDP',
  },
  {
    roles: ['head_of_pdp_laboratory'],
    name: 'Dr. Ratna Dewi Arifin, M.Kes.',
    nip: '197904072005012002',
    rank: 'Pembina (IV/a)',
    position: 'Kepala Laboratorium PDP',
  },
  {
    roles: ['supervisor_of_pdp_laboratory'],
    name: 'Zulkifli Makmur, S.T.',
    nip: '198811292012121002',
    rank: 'Penata (III/c)',
    position: 'Penyelia Laboratorium PDP',
  },
  {
    roles: ['officer_pdp'],
    name: 'Rizky Pratama, S.Tr.T.',
    nip: '199709012021011003',
    rank: 'Penata Muda (III/a)',
    position: 'Teknisi PDP',
  },
  {
    roles: ['officer_pk'],
    email: 'budi.santoso@kalibra.test',
    name: 'Budi Santoso, A.Md.T.',
    nip: '199001052014021002',
    rank: 'Pengatur Tk. I (II/d)',
    position: 'Teknisi Elektromedis Terampil',
  },
  {
    roles: ['officer_pk'],
    email: 'indah.lestari@kalibra.test',
    name: 'Indah Lestari, S.Tr.T.',
    nip: '199705172020122001',
    rank: 'Penata Muda (III/a)',
    position: 'Teknisi Elektromedis Ahli Pertama',
  },
  {
    roles: ['officer_pk'],
    email: 'arif.wicaksono@kalibra.test',
    name: 'Arif Wicaksono, S.T.',
    nip: '198909092015031001',
    rank: 'Penata (III/c)',
    position: 'Teknisi Elektromedis Ahli Muda',
  },
  {
    roles: ['officer_ukpr'],
    email: 'yusran.jafar@kalibra.test',
    name: 'Yusran Jafar, S.Si.',
    nip: '199212232017011001',
    rank: 'Penata Muda Tk. I (III/b)',
    position: 'Fisikawan Medis Ahli Pertama',
  },
  {
    roles: ['officer_sarpras'],
    email: 'nur.aisyah@kalibra.test',
    name: 'Nur Aisyah, S.T.',
    nip: '199504042019032002',
    rank: 'Penata Muda (III/a)',
    position: 'Teknisi Sarana dan Prasarana',
  },
]

interface DemoFacility {
  name: string
  email: string
  category: string
  class: string
  type: 'Negeri' | 'Swasta'
  regency: string
  address: string
  phone: string
  pic: string
  picPhone: string
  latitude: number
  longitude: number
}

const FACILITIES: DemoFacility[] = [
  {
    email: 'fasyankes@kalibra.test',
    name: 'RSUD Daya Kota Makassar',
    category: 'Rumah Sakit',
    class: 'Kelas B',
    type: 'Negeri',
    regency: '73.71',
    address: 'Jl. Perintis Kemerdekaan Km. 14, Daya, Kec. Biringkanaya, Kota Makassar',
    phone: '0411-590005',
    pic: 'dr. Andi Muhammad Fadli',
    picPhone: '081342221905',
    latitude: -5.1064,
    longitude: 119.5137,
  },
  {
    email: 'fasyankes2@kalibra.test',
    name: 'RS Stella Maris Makassar',
    category: 'Rumah Sakit',
    class: 'Kelas B',
    type: 'Swasta',
    regency: '73.71',
    address: 'Jl. Somba Opu No. 273, Kec. Ujung Pandang, Kota Makassar',
    phone: '0411-871391',
    pic: 'Sr. Maria Goretti, S.Kep.',
    picPhone: '081241118802',
    latitude: -5.1415,
    longitude: 119.4083,
  },
  {
    email: 'pkm.batua@fasyankes.kalibra.test',
    name: 'Puskesmas Batua',
    category: 'Puskesmas',
    class: 'Non Rawat Inap',
    type: 'Negeri',
    regency: '73.71',
    address: 'Jl. Abdullah Daeng Sirua No. 338, Kec. Manggala, Kota Makassar',
    phone: '0411-441562',
    pic: 'Hj. Sumarni, S.KM.',
    picPhone: '085255341278',
    latitude: -5.1488,
    longitude: 119.4635,
  },
  {
    email: 'rsud.undata@fasyankes.kalibra.test',
    name: 'RSUD Undata Provinsi Sulawesi Tengah',
    category: 'Rumah Sakit',
    class: 'Kelas B',
    type: 'Negeri',
    regency: '72.71',
    address: 'Jl. R.E. Martadinata, Tondo, Kec. Mantikulore, Kota Palu',
    phone: '0451-4908020',
    pic: 'Ir. Moh. Rizal Lamasitudju',
    picPhone: '082193450017',
    latitude: -0.8556,
    longitude: 119.8895,
  },
  {
    email: 'klinik.sehatmandiri@fasyankes.kalibra.test',
    name: 'Klinik Pratama Sehat Mandiri',
    category: 'Klinik Pratama',
    class: 'Pratama',
    type: 'Swasta',
    regency: '74.71',
    address: 'Jl. Ahmad Yani No. 45, Kec. Kadia, Kota Kendari',
    phone: '0401-3125678',
    pic: 'dr. Laode Ahmad Syarif',
    picPhone: '081245671234',
    latitude: -3.9778,
    longitude: 122.5147,
  },
  {
    email: 'rs.aloeisaboe@fasyankes.kalibra.test',
    name: 'RSUD Prof. Dr. H. Aloei Saboe',
    category: 'Rumah Sakit',
    class: 'Kelas B',
    type: 'Negeri',
    regency: '75.71',
    address: 'Jl. Prof. Dr. H. Aloei Saboe No. 91, Kec. Kota Utara, Kota Gorontalo',
    phone: '0435-821019',
    pic: 'Fitriani Gobel, S.T.',
    picPhone: '085240567788',
    latitude: 0.5612,
    longitude: 123.0595,
  },
  {
    email: 'labkesda.sulsel@fasyankes.kalibra.test',
    name: 'UPT Laboratorium Kesehatan Provinsi Sulawesi Selatan',
    category: 'Laboratorium Kesehatan',
    class: 'Utama',
    type: 'Negeri',
    regency: '73.71',
    address: 'Jl. Perintis Kemerdekaan Km. 11, Tamalanrea, Kota Makassar',
    phone: '0411-585218',
    pic: 'Dra. Hasnah Mallombasi, Apt.',
    picPhone: '081355512090',
    latitude: -5.1321,
    longitude: 119.4903,
  },
  {
    email: 'pkm.kanaeng@fasyankes.kalibra.test',
    name: 'Puskesmas Bontonompo',
    category: 'Puskesmas',
    class: 'Rawat Inap',
    type: 'Negeri',
    regency: '73.06',
    address: 'Jl. Poros Takalar, Kalebarembeng, Kec. Bontonompo, Kabupaten Gowa',
    phone: '0411-8222134',
    pic: 'Sahabuddin, S.KM.',
    picPhone: '085299874410',
    latitude: -5.3562,
    longitude: 119.4583,
  },
]

/** True when demo accounts are already there (a second `npm start` keeps the data of the first). */
export async function hasUsers() {
  const row = await db.from('users').count('* as total').first()
  return Number(row?.total ?? 0) > 0
}

/** Demo accounts and facilities. Never run in production (DEMO_DATA=false). */
export async function seedDemoData() {
  const password = await hash.make(DEMO_PASSWORD)
  const now = DateTime.utc().toSQL({ includeOffset: false })
  const stamps = { created_at: now, updated_at: now }

  await db.transaction(async (trx) => {
    const ids = async (table: string) => {
      const rows = await trx.from(table).select('id', 'name')
      return new Map(rows.map((row) => [row.name, Number(row.id)]))
    }
    const categories = await ids('fasyankes_categories')
    const classes = await ids('fasyankes_classes')

    for (const staff of STAFF) {
      const [row] = await trx
        .table('users')
        .insert({
          name: staff.name,
          email: staff.email ?? `${staff.roles[0]}@kalibra.test`,
          password,
          nip: staff.nip,
          rank: staff.rank,
          position: staff.position,
          ...stamps,
        })
        .returning('id')
      const userId = Number(typeof row === 'object' ? row.id : row)
      await trx
        .table('user_roles')
        .multiInsert(staff.roles.map((role) => ({ user_id: userId, role })))
    }

    for (const facility of FACILITIES) {
      const [row] = await trx
        .table('fasyankes')
        .insert({
          fasyankes_name: facility.name,
          phone: facility.phone,
          address: facility.address,
          type: facility.type,
          province_code: facility.regency.slice(0, 2),
          city_code: facility.regency,
          category_id: categories.get(facility.category),
          class_id: classes.get(facility.class),
          pic: facility.pic,
          pic_phone: facility.picPhone,
          latitude: facility.latitude,
          longitude: facility.longitude,
          ...stamps,
        })
        .returning('id')
      const fasyankesId = Number(typeof row === 'object' ? row.id : row)
      const [user] = await trx
        .table('users')
        .insert({
          name: facility.name,
          email: facility.email,
          password,
          fasyankes_id: fasyankesId,
          ...stamps,
        })
        .returning('id')
      await trx
        .table('user_roles')
        .insert({ user_id: Number(typeof user === 'object' ? user.id : user), role: 'fasyankes' })
    }
  })
}

/** Every role has its demo account: `<role>@kalibra.test`. */
export const DEMO_ROLE_ACCOUNTS = ROLES.map((role) => ({ role, email: `${role}@kalibra.test` }))
