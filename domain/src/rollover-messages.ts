/** Who a message is about, as the office knows them. */
export interface StudentName {
  id: string;
  first_name: string;
  last_name: string;
}

const who = (s: StudentName): string => `${s.first_name} ${s.last_name} (${s.id})`;
const students = (n: number): string => (n === 1 ? '1 student' : `${n} students`);
const sixthFormClassFix =
  'Add a class move to a Lower Sixth class, or give each student a class for next year.';

/**
 * What the rollover preview says about each conflict, for the school office: what is wrong and what to do.
 * The `…Row` forms are the short version shown on each student's line of a problem the whole class shares.
 */
export const rolloverMessages = {
  noClass: (s: StudentName) =>
    `${who(s)} has no class, so they cannot be placed next year. Give them a class, or mark them leaving.`,
  classNotListed: (s: StudentName, classId: string) =>
    `${who(s)} is in class ${classId}, which is not in the class list. Add it in Settings → Classes, or give them another class.`,
  unknownForm: (s: StudentName, form: number) =>
    `${who(s)} is in Form ${form}, which the rollover does not know: forms go from 1 to 5, then 6 and 7 (sixth form).`,
  noSchool: (s: StudentName) =>
    `${who(s)} is marked transferring, but the school they are going to is not named. Enter the school.`,
  noSixthForm: (s: StudentName) =>
    `${who(s)} is marked for the sixth form, but the school has no sixth form. Turn it on in the settings, or change the mark.`,
  sixthFormNotForm5: (s: StudentName, form: number) =>
    `${who(s)} is marked for the sixth form but is in Form ${form}: only Form 5 students move into the sixth form. Change the mark.`,
  wrongFormClass: (s: StudentName, classId: string, classForm: number, form: number) =>
    `${who(s)} goes into Form ${form} next year, but the class chosen for them, ${classId}, is a Form ${classForm} class. Choose a Form ${form} class.`,
  missingClass: (classId: string, n: number) =>
    `Class ${classId} is not in the class list, and ${students(n)} would move into it. Add ${classId} in Settings → Classes, or change the class moves.`,
  missingClassRow: (classId: string) => `Class ${classId} is not in the class list.`,
  noNextClass: (classId: string, form: number, n: number) =>
    `Next year's class for ${students(n)} in ${classId} cannot be worked out from its name. Add a class move from ${classId} to a Form ${form} class.`,
  noNextClassRow: (classId: string) => `No class for next year: add a class move for ${classId}.`,
  noSixthFormClass: (classId: string, n: number) =>
    `${students(n)} in ${classId} ${n === 1 ? 'moves' : 'move'} to the sixth form, but no sixth form class is set for them. ${sixthFormClassFix}`,
  noSixthFormClassRow: `No sixth form class is set. ${sixthFormClassFix}`,
  wrongFormMove: (from: string, to: string, toForm: number, form: number, n: number) =>
    `${students(n)} in ${from} would move into ${to}, a Form ${toForm} class, but they go into Form ${form}. Set the class move for ${from} to a Form ${form} class.`,
  wrongFormClassRow: (classId: string, classForm: number, form: number) =>
    `Class ${classId} is a Form ${classForm} class, not Form ${form}.`,
};
