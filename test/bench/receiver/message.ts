/** What every contender receives: the stockUpdate example, signed with one secret. */
export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
export const PATH = '/webhooks/stockUpdate';
export const BODY = JSON.stringify({
  drink: { id: 'itm_mojito', name: 'Mojito', stock: 18, unit: 'glass' },
  ingredient: { id: 'itm_mint', name: 'Fresh mint', stock: 3, unit: 'bunch' },
});
