// The demo's names, apart from the school it seeds, so the intake can use them without importing the seeding.
export const SEXES = ['Female', 'Male'] as const;
export type Sex = (typeof SEXES)[number];

/** First names that go with each sex, so a demo record reads as real. */
export const DEMO_FIRST_NAMES: Record<Sex, readonly string[]> = {
  Female: ['Aaliyah', 'Chantal', 'Keisha', 'Priya', 'Shania', 'Anika', 'Nadia', 'Zara', 'Leah', 'Kavita'],
  Male: ['Brandon', 'Darius', 'Jaden', 'Ravi', 'Tyrese', 'Kyle', 'Imran', 'Marcus', 'Dominic', 'Josiah'],
};
export interface DemoStudent {
  id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  class_id: string;
  sex: Sex;
  withPassword: boolean;
}
