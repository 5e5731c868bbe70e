/** The request header that carries our delivery id to a webhook, so its logs and ours meet on one id. */
export const DELIVERY_ID_HEADER = 'X-Beacon-Delivery-Id';
