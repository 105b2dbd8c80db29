/**
 * The joint decree (SKB of the Ministers of Religious Affairs, of Manpower and of
 * Administrative and Bureaucratic Reform) on national holidays and cuti bersama, per year it is
 * known for. Where a year has one, its dates are the national calendar: the computed calendar
 * (date-holidays) places Idul Fitri 2026 on 20 and 21 March where the decree fixes 21 and 22
 * March, and lacks Easter Sunday, a national holiday since 2024 (issue 35, item 15).
 *
 * A new year's decree is added here when it is published (usually in September or October);
 * until then the computed calendar serves, and the holiday editors are reminded every December
 * to enter that year's cuti bersama (notifications/holiday_calendar.ts).
 */
export interface HolidayDecree {
  /** The decree as the holiday screen cites it. */
  decree: string
  holidays: readonly (readonly [date: string, name: string])[]
  /** Cuti bersama: working days the civil service takes off, which the lab follows. */
  jointLeave: readonly (readonly [date: string, name: string])[]
}

export const HOLIDAY_DECREES: Readonly<Record<number, HolidayDecree>> = {
  2026: {
    decree: 'SKB 3 Menteri tentang Hari Libur Nasional dan Cuti Bersama Tahun 2026',
    holidays: [
      ['2026-01-01', 'Tahun Baru 2026 Masehi'],
      ['2026-01-16', 'Isra Mikraj Nabi Muhammad SAW'],
      ['2026-02-17', 'Tahun Baru Imlek 2577 Kongzili'],
      ['2026-03-19', 'Hari Suci Nyepi (Tahun Baru Saka 1948)'],
      ['2026-03-21', 'Idul Fitri 1447 Hijriah'],
      ['2026-03-22', 'Idul Fitri 1447 Hijriah'],
      ['2026-04-03', 'Wafat Yesus Kristus'],
      ['2026-04-05', 'Kebangkitan Yesus Kristus (Paskah)'],
      ['2026-05-01', 'Hari Buruh Internasional'],
      ['2026-05-14', 'Kenaikan Yesus Kristus'],
      ['2026-05-27', 'Idul Adha 1447 Hijriah'],
      ['2026-05-31', 'Hari Raya Waisak 2570 BE'],
      ['2026-06-01', 'Hari Lahir Pancasila'],
      ['2026-06-16', '1 Muharam Tahun Baru Islam 1448 Hijriah'],
      ['2026-08-17', 'Proklamasi Kemerdekaan'],
      ['2026-08-25', 'Maulid Nabi Muhammad SAW'],
      ['2026-12-25', 'Kelahiran Yesus Kristus'],
    ],
    jointLeave: [
      ['2026-02-16', 'Cuti bersama Tahun Baru Imlek'],
      ['2026-03-18', 'Cuti bersama Hari Suci Nyepi'],
      ['2026-03-20', 'Cuti bersama Idul Fitri'],
      ['2026-03-23', 'Cuti bersama Idul Fitri'],
      ['2026-03-24', 'Cuti bersama Idul Fitri'],
      ['2026-05-15', 'Cuti bersama Kenaikan Yesus Kristus'],
      ['2026-05-28', 'Cuti bersama Idul Adha'],
      ['2026-12-24', 'Cuti bersama Kelahiran Yesus Kristus'],
    ],
  },
}
