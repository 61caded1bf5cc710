/** Parent accounts as staff manage them (D50): the record page's card and the class's family letters. */
export { FamilyLettersButton } from './family-letters-button';
export { ParentAccountsCard } from './parent-accounts-card';
