/** The product's name where no customer group branding replaces it. */
export const PRODUCT_NAME = 'Beacon';
