/**
 * The payment form's schema plus the server's own checks of docs/business-rules.md#payments
 * (#domain/payment-rules, the function POST /pagos/ runs), over the phone's copy of the
 * contract and the payments that count (accepted + this phone's pending ones): an overpayment,
 * a date before the last payment or a settled contract is stopped before it is queued, with
 * the server's message under its field. A contract not on the phone is left to the server.
 */
import { debtContractOf, debtPaymentOf, sortPaymentRows } from '#domain/credit-replica';
import { paymentSchema } from '#domain/forms/payment';
import { checkPayment } from '#domain/payment-rules';
import { issueAt } from '#domain/rules';
import { contractWithPayments } from '#db/reads/credits';

/** `exceptRecord`: the refused capture being corrected, which must not count against itself. */
export function paymentCaptureSchema(exceptRecord: string | null) {
  return paymentSchema().superRefine(async (values, ctx) => {
    const { contract, payments } = await contractWithPayments(values.credito);
    if (!contract) return;
    const earlier = payments.filter((p) => exceptRecord === null || p._localId !== exceptRecord);
    const check = checkPayment(
      contract.id,
      debtContractOf(contract),
      sortPaymentRows(earlier).map(debtPaymentOf),
      values,
    );
    if (check.ok) return;
    for (const [field, messages] of Object.entries(check.errors)) {
      for (const message of messages ?? []) issueAt(ctx, field, message);
    }
  });
}
