import { writeFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { GRADE_KEY, computeResult } from '@sp/domain';
import { buildReportCard } from './report-card.js';
import { SUBJECT_TITLES } from '../test/term-factories.js';
const long = process.argv[2] === 'long';
const remark = long
  ? 'Shows real promise and a keen interest in the subject, but must complete every piece of homework on time, revise each week rather than the night before a test, and ask for help as soon as something is unclear; a very good term overall, well done and keep going.'
  : 'Good effort; keep it up.';
const pdf = await buildReportCard({
  school: { name: 'St. Augustine Secondary School', address: 'Evans Street, Curepe, Trinidad and Tobago' },
  year: 2025,
  term: 1,
  student: { id: '20230145', first_name: 'Kavita', last_name: 'Ramdial', date_of_birth: '2011-03-14' },
  classId: '2B',
  numberInClass: 34,
  rank: 4,
  tied: true,
  average: 72.4,
  classAverage: 63.8,
  sessions: { absent: 6, late: 3, possible: 120 },
  subjects: SUBJECT_TITLES.map((title, i) => {
    const c = 50 + ((i * 7) % 50),
      e = i === 3 ? null : 40 + ((i * 11) % 60);
    const r = computeResult(c, e);
    return {
      title,
      course: c,
      exam: e,
      total: r.total,
      grade: r.grade,
      lateness: i % 2,
      absences: i % 3,
      application: 'A',
      conduct: 'B',
      remark,
      teacher: ['Ms. Baptiste', 'Mr. Ali', 'Mrs. Charles-Joseph'][i % 3]!,
    };
  }),
  ratings: Object.entries({
    Punctuality: 'A',
    Neatness: 'B',
    Cooperation: 'A',
    Initiative: 'B',
    Courtesy: 'A',
    Attendance: 'B',
  }).map(([name, value]) => ({ name, value })),
  formTeacherRemark: long
    ? 'Kavita is a pleasant, hard-working student who takes an active part in class discussions and helps her classmates. She should now aim to be more consistent in Mathematics and the sciences, where careless errors cost her marks on the examination. She has been a reliable class monitor this term and has set a fine example to others; I look forward to an even better term.'
    : 'A pleasant and hard-working student.',
  deanRemark: long
    ? 'A good term. Kavita must keep up her attendance and punctuality, and continue to read widely. Her conduct has been exemplary throughout, and she is encouraged to join a club or sporting activity next term to round out her school experience.'
    : 'Satisfactory term.',
  reopens: 'Monday 5 January 2026',
  gradeKey: GRADE_KEY.map((k) => ({ grade: k.grade, range: k.label })),
  printedAt: '2025-12-15 10:00',
});
writeFileSync('/tmp/wt9b/card.pdf', pdf);
const p = new PDFParse({ data: new Uint8Array(pdf) });
const r = await p.getText();
console.log(r.total, 'pages');
console.log(r.text.slice(0, 3000));
