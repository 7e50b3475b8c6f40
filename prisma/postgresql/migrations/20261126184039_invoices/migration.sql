-- CreateTable
CREATE TABLE "Invoice" (
    "id" SERIAL NOT NULL,
    "issuerAccountId" INTEGER NOT NULL,
    "customerAccountId" INTEGER NOT NULL,
    "series" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "number" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "issueDate" TIMESTAMP(3) NOT NULL,
    "taxPoint" TIMESTAMP(3) NOT NULL,
    "dueDate" TIMESTAMP(3) NOT NULL,
    "netPence" INTEGER NOT NULL,
    "vatPence" INTEGER NOT NULL,
    "grossPence" INTEGER NOT NULL,
    "supplier" TEXT NOT NULL,
    "customer" TEXT NOT NULL,
    "paidAt" TIMESTAMP(3),
    "paidReference" TEXT,
    "receiptConfirmedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InvoiceLine" (
    "id" SERIAL NOT NULL,
    "invoiceId" INTEGER NOT NULL,
    "loadId" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "collectionDate" TIMESTAMP(3),
    "deliveryDate" TIMESTAMP(3) NOT NULL,
    "netPence" INTEGER NOT NULL,
    "vatRateBp" INTEGER NOT NULL,
    "vatPence" INTEGER NOT NULL,

    CONSTRAINT "InvoiceLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InvoiceSequence" (
    "issuerAccountId" INTEGER NOT NULL,
    "series" TEXT NOT NULL,
    "last" INTEGER NOT NULL,

    CONSTRAINT "InvoiceSequence_pkey" PRIMARY KEY ("issuerAccountId","series")
);

-- CreateIndex
CREATE INDEX "Invoice_issuerAccountId_id_idx" ON "Invoice"("issuerAccountId", "id");

-- CreateIndex
CREATE INDEX "Invoice_customerAccountId_id_idx" ON "Invoice"("customerAccountId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_issuerAccountId_series_sequence_key" ON "Invoice"("issuerAccountId", "series", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "InvoiceLine_loadId_key" ON "InvoiceLine"("loadId");

-- CreateIndex
CREATE INDEX "InvoiceLine_invoiceId_idx" ON "InvoiceLine"("invoiceId");

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_issuerAccountId_fkey" FOREIGN KEY ("issuerAccountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_customerAccountId_fkey" FOREIGN KEY ("customerAccountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceLine" ADD CONSTRAINT "InvoiceLine_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
