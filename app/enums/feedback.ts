/**
 * The satisfaction questionnaire of both order types (spec part 2 section 9):
 * 14 questions in four groups, rated 1 to 5; no code 13.
 */
export const FEEDBACK_GROUPS = [
  {
    title: 'Kebijakan Pelayanan',
    questions: [
      ['1_a_K_1', 'Persyaratan pelayanan mudah dipahami dan dipenuhi'],
      ['2_a_K_2', 'Prosedur pelayanan jelas dan mudah diikuti'],
      ['3_a_K_3', 'Waktu penyelesaian layanan sesuai yang dijanjikan'],
      ['4_a_K_4', 'Tarif layanan wajar dan sesuai ketentuan'],
    ],
  },
  {
    title: 'Profesionalisme SDM',
    questions: [
      ['5_b_K_1', 'Petugas kompeten dalam memberikan layanan'],
      ['6_b_K_2', 'Petugas sopan dan ramah'],
      ['7_b_K_3', 'Petugas tanggap terhadap pertanyaan dan keluhan'],
    ],
  },
  {
    title: 'Sarana Prasarana',
    questions: [
      ['8_c_K_1', 'Ruang pelayanan nyaman dan bersih'],
      ['9_c_K_2', 'Fasilitas penerimaan dan penyerahan alat memadai'],
      ['10_c_K_3', 'Peralatan kalibrasi dalam kondisi baik'],
      ['11_c_K_4', 'Akses lokasi laboratorium mudah dijangkau'],
    ],
  },
  {
    title: 'Sistem Informasi Pelayanan Publik',
    questions: [
      ['12_d_K_1', 'Informasi layanan mudah diperoleh'],
      ['14_e_K_1', 'Status permintaan dapat dipantau dengan mudah'],
      ['15_e_K', 'Sistem informasi layanan mudah digunakan'],
    ],
  },
] as const

export const FEEDBACK_CODES = FEEDBACK_GROUPS.flatMap((group) =>
  group.questions.map(([code]) => code)
)

/** The columns that keep each group's total of a questionnaire (FEEDBACK_GROUPS order). */
export const FEEDBACK_SCORE_COLUMNS = [
  'group_1_score',
  'group_2_score',
  'group_3_score',
  'group_4_score',
] as const

/**
 * Each group's total of one questionnaire's ratings (every question is answered, 1 to 5), kept
 * beside the ratings so the satisfaction report sums columns instead of reading every answer.
 */
export function groupScores(ratings: Record<string, number>) {
  return FEEDBACK_GROUPS.map((group) =>
    group.questions.reduce((total, [code]) => total + (Number(ratings[code]) || 0), 0)
  )
}
