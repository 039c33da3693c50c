/** The product's name as shown in headers, titles and the footer. One place to change it. */
export const BRAND_NAME = 'GrowthAgency';
