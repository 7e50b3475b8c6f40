-- CreateTable
CREATE TABLE "PendingSignUp" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "companyName" TEXT NOT NULL,
    "accountKind" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "PendingSignUp_email_key" ON "PendingSignUp"("email");

-- CreateIndex
CREATE INDEX "PendingSignUp_expiresAt_idx" ON "PendingSignUp"("expiresAt");
