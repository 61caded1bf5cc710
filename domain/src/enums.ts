export const SEXES = ['Female', 'Male'] as const;
export const BLOOD_TYPES = ['O+', 'O-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-'] as const;
export const LIVING_STATUSES = ['Both Parents', 'Father Only', 'Mother Only', 'Guardian', 'Other'] as const;
export const MARITAL_STATUSES = ['Married', 'Single', 'Divorced', 'Widowed'] as const;
export const DEVICE_TYPES = ['None', 'Phone', 'Laptop', 'Desktop', 'Tablet', 'Other'] as const;
export const STAFF_ROLES = ['admin', 'staff'] as const;

export type Sex = (typeof SEXES)[number];
export type BloodType = (typeof BLOOD_TYPES)[number];
export type LivingStatus = (typeof LIVING_STATUSES)[number];
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
export type DeviceType = (typeof DEVICE_TYPES)[number];
export type StaffRole = (typeof STAFF_ROLES)[number];
